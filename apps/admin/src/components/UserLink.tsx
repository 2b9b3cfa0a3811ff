import { Link } from 'react-router';

/**
 * A user id that opens that user's drawer on the Users page (balances, orders, positions, ledger,
 * KYC): from a review queue the operator checks who asks before deciding.
 */
export function UserLink({ id }: { id: string }) {
  return (
    <Link to={`/users?user=${encodeURIComponent(id)}`} title={`Open user ${id}: balances, positions, ledger`}>
      {id}
    </Link>
  );
}
