import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BlockCaution, BlockCautionLevel } from '../../../../src-shared/contract/firewall.ts';
import { cellText } from '../table/visible-text.ts';

/** The cautions of one level (main sends them most serious first). */
export const cautionsAt = (cautions: readonly BlockCaution[], level: BlockCautionLevel) => cautions.filter((caution) => caution.level === level);

/** Why, in words: the kind, with the range, host or connection main named (a profile's name and host are the analyst's, cut to fit). */
export function cautionText(t: TFunction, caution: BlockCaution): string {
  return t(`firewall.cautions.${caution.kind}`, {
    range: caution.range ?? '',
    host: cellText(caution.host ?? '', 100),
    name: cellText(caution.connection?.name ?? '', 100),
    noun: caution.connection ? t(`services.${caution.connection.service}.noun`) : '',
  });
}

/** Each reason on its own line (the Block dialog, the bulk preview). */
export function CautionReasons({ cautions }: { cautions: readonly BlockCaution[] }) {
  const { t } = useTranslation();
  return (
    <ul className="block-caution-reasons">
      {cautions.map((caution) => (
        <li key={`${caution.kind}:${caution.range ?? caution.host ?? ''}:${caution.connection?.name ?? ''}`}>
          <bdi>{cautionText(t, caution)}</bdi>
        </li>
      ))}
    </ul>
  );
}

/**
 * Beside a Block button (an alert, a triage's proposal, the address card): what main says of
 * blocking the address, before the analyst asks. Nothing for an address like any other. No live
 * region: it is read where it stands, and the Block dialog says it again.
 */
export function BlockCautionLine({ cautions }: { cautions: readonly BlockCaution[] }) {
  const { t } = useTranslation();
  const refused = cautionsAt(cautions, 'refuse');
  const warned = cautionsAt(cautions, 'warn');
  const noted = cautionsAt(cautions, 'note');
  const reasons = (of: readonly BlockCaution[]) => of.map((caution) => cautionText(t, caution)).join(' ');
  return (
    <>
      {refused.length > 0 && (
        <p className="block-caution block-caution-refuse">
          <strong>{t('firewall.cautions.cardRefused')}</strong> <bdi>{reasons(refused)}</bdi>
        </p>
      )}
      {warned.length > 0 && (
        <p className="block-caution block-caution-warn">
          <strong>{t('firewall.cautions.cardWarned')}</strong> <bdi>{reasons(warned)}</bdi>
        </p>
      )}
      {noted.length > 0 && (
        <p className="block-caution muted">
          <bdi>{reasons(noted)}</bdi>
        </p>
      )}
    </>
  );
}
