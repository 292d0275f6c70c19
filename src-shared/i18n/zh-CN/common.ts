import type { CommonWords } from '../en/common.ts';

export const commonWords: CommonWords = {
  app: {
    loading: '正在打开 OpsDesk…',
  },
  services: {
    gateway: { title: '模型网关', noun: '模型网关', subject: '模型网关' },
    support: { title: '客服系统', noun: '客服系统', subject: '客服开放接口' },
    firewall: { title: '防火墙设备', noun: '防火墙设备', subject: '防火墙' },
  },
  views: {
    firewall: { title: '防火墙', summary: '告警、封禁列表和设备状态' },
    support: { title: '客服', summary: '工单、联系人、售后工单、知识库、问答、Webhook 和统计' },
    chat: { title: '对话', summary: '通过网关向模型提问' },
    settings: { title: '设置', summary: '连接、密钥和证书' },
    alert: { title: '告警', titleWithId: '告警 {{alertId}}', summary: '一条防火墙告警' },
    conversation: { title: '对话', summary: '与模型的一次对话' },
    ticket: { title: '工单', titleWithId: '工单 {{ticketId}}', summary: '一个客服工单' },
    block: { title: '封禁', titleWithId: '封禁 {{entryId}}', summary: '一条封禁列表条目' },
    activity: { title: '操作记录', summary: '通过 OpsDesk 执行的操作：封禁、写入、模型请求、导出' },
    address: { title: '地址', titleWithAddress: '{{address}}', summary: '关于一个 IP 地址或网段的所有缓存信息' },
    cases: { title: '案件', summary: '安全事件：其告警、工单、对话与操作汇于一条时间线' },
    case: { title: '案件', summary: '一个案件及其时间线' },
  },
  viewError: {
    heading: '“{{view}}”视图已停止工作',
    unexpected: '发生了意外错误。',
    othersUnaffected: '其他标签页不受影响。重新加载视图会再试一次，已保存的数据不会丢失。',
    reload: '重新加载视图',
  },
  live: {
    badge: '生产',
    tooltip: '此连接使用生产密钥：所做的更改会影响真实客户。',
  },
  notConfigured: {
    openSettings: '打开设置',
  },
  firstStart: {
    title: '欢迎使用 OpsDesk',
    intro: 'OpsDesk 把三个系统汇集在一个控制台中。先添加第一个连接：填写地址和密钥，OpsDesk 随即测试连接。',
    gives: {
      firewall: '告警、封禁列表和设备状态：可直接从告警封禁或放行地址。',
      support: '客服站点的工单、联系人、售后工单和知识库：在这里查看和回复。',
      gateway: '可对话的语言模型，并协助研判告警、起草回复。',
    },
    add: '添加{{service}}连接',
    later: '其他连接可稍后在这里或“设置”中添加。',
  },
  features: {
    chat: {
      needs: '请在“设置”中添加模型网关连接（地址和 API 密钥）。',
    },
    firewall: {
      needs: '请在“设置”中添加防火墙设备连接（地址、API 密钥及其证书）。',
      cacheTitle: '告警和封禁列表',
      cacheExplanation: 'OpsDesk 目前还不保存设备的告警和封禁列表；保存之后，即使设备离线，它们也会显示在这里。',
    },
    alert: {
      needs: '这条告警所属的防火墙连接已被删除。请在“设置”中重新添加该设备以查看告警。',
      cacheTitle: '告警详情',
      cacheExplanation: 'OpsDesk 目前还不保存防火墙告警；保存之后，即使设备离线，这条告警的详情也会显示在这里。',
    },
    support: {
      needs: '添加客服系统连接：填写地址和应用密钥（站点由连接测试获得）。',
    },
  },
  dialog: {
    close: '关闭',
  },
  errorNotice: {
    status: 'HTTP {{status}}',
    request: '请求 {{id}}',
  },
};
