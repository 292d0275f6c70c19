import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

interface Props {
  title: string;
  counts: readonly { label: string; count: number }[];
}

/** Counts per status as bars, with the same numbers as a table beside them (read aloud, copied, found). */
export function StatusChart({ title, counts }: Props) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <figure className="support-chart">
      <div className="support-chart-plot" role="img" aria-label={title}>
        <ResponsiveContainer width="100%" height={180}>
          <BarChart data={counts} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} className="support-chart-grid" />
            <XAxis dataKey="label" tickLine={false} interval={0} />
            <YAxis allowDecimals={false} width={40} tickFormatter={(value: number) => number.format(value)} />
            <Tooltip formatter={(value) => number.format(Number(value))} cursor={{ className: 'support-chart-cursor' }} />
            <Bar dataKey="count" name={t('supportDesk.analytics.count')} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="support-chart-table">
        <caption>{title}</caption>
        <tbody>
          {counts.map(({ label, count }) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{number.format(count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
