/** Marks a connection that uses a live (production) key: writes change real customer data. */
export function LiveBadge() {
  return (
    <span className="badge badge-live" title="This connection uses a live key: changes affect real customers.">
      LIVE
    </span>
  );
}
