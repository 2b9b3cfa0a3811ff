import { TradeSoon } from '../components/TradeSoon.tsx';

export default function ContractOpe() {
  return <TradeSoon title="contractOpe" />;
}
