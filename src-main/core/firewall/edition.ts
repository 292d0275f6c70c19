// An appliance's edition as it writes it (`free-waf`, `free_waf`, `Free WAF`, `WAF Free Edition`,
// `Data Center Edition`), as the id OpsDesk and the OpenAPI description's `x-editions` use.
export type EditionId = 'free-waf' | 'data-center' | 'enterprise' | string;

export function editionId(edition: string): EditionId {
  const words = edition.toLowerCase().split(/[^a-z]+/).filter((word) => word !== '' && word !== 'edition');
  if (words.includes('free') && words.includes('waf')) return 'free-waf';
  if (words.includes('data') && (words.includes('center') || words.includes('centre'))) return 'data-center';
  if (words.includes('datacenter') || words.includes('dc')) return 'data-center';
  if (words.includes('enterprise')) return 'enterprise';
  return words.join('-');
}

export function isFreeEdition(edition: string | null): edition is string {
  return edition !== null && editionId(edition) === 'free-waf';
}
