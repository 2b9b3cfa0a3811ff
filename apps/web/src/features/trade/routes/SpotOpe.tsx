import { TradeSoon } from '../components/TradeSoon.tsx';

export default function SpotOpe() {
  return <TradeSoon title="spotOpe" />;
}
