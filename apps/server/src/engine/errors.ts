import type { ErrorName } from '@ex/contract';
import { ResultCode } from '@ex/core';
import { AppError } from '../http/errors.ts';

// The engine's refusal codes as API errors. Inputs are validated before a command is built, so the
// "invalid price/quantity" codes only appear on races (a book that changed) or bugs: they map to
// generic refusals rather than field errors.
const MAP: Partial<Record<number, ErrorName>> = {
  [ResultCode.LEDGER_INSUFFICIENT_AVAILABLE]: 'INSUFFICIENT_BALANCE',
  [ResultCode.LEDGER_INSUFFICIENT_FROZEN]: 'INSUFFICIENT_BALANCE',
  [ResultCode.LEDGER_TRANSFER_SAME_ACCOUNT]: 'TRANSFER_SAME_ACCOUNT',
  [ResultCode.SPOT_UNKNOWN_MARKET]: 'MARKET_NOT_FOUND',
  [ResultCode.SPOT_INSUFFICIENT_BALANCE]: 'INSUFFICIENT_BALANCE',
  [ResultCode.SPOT_UNKNOWN_ORDER]: 'ORDER_NOT_FOUND',
  [ResultCode.SPOT_NOT_ORDER_OWNER]: 'ORDER_NOT_FOUND',
  [ResultCode.SPOT_REJECTED_BY_BOOK]: 'ORDER_REJECTED',
  [ResultCode.SPOT_INVALID_PRICE]: 'ORDER_REJECTED',
  [ResultCode.SPOT_INVALID_QUANTITY]: 'ORDER_REJECTED',
  [ResultCode.PERP_UNKNOWN_MARKET]: 'MARKET_NOT_FOUND',
  [ResultCode.PERP_LEVERAGE_NOT_ALLOWED]: 'LEVERAGE_NOT_ALLOWED',
  [ResultCode.PERP_INSUFFICIENT_MARGIN]: 'INSUFFICIENT_MARGIN',
  [ResultCode.PERP_NO_POSITION]: 'POSITION_NOT_FOUND',
  [ResultCode.PERP_CLOSE_EXCEEDS_POSITION]: 'CLOSE_EXCEEDS_POSITION',
  [ResultCode.PERP_INVALID_PRICE]: 'ORDER_REJECTED',
  [ResultCode.PERP_INVALID_QUANTITY]: 'ORDER_REJECTED',
  [ResultCode.PERP_UNKNOWN_ORDER]: 'ORDER_NOT_FOUND',
  [ResultCode.PERP_NOT_ORDER_OWNER]: 'ORDER_NOT_FOUND',
  [ResultCode.PERP_MARGIN_BELOW_INITIAL]: 'MARGIN_BELOW_INITIAL',
  [ResultCode.PERP_LEVERAGE_CHANGE_WITH_POSITION]: 'LEVERAGE_LOCKED',
  [ResultCode.PERP_NO_MARK_PRICE]: 'NO_MARK_PRICE',
  [ResultCode.PERP_INVALID_TPSL]: 'TPSL_INVALID',
  [ResultCode.PERP_REJECTED_BY_BOOK]: 'ORDER_REJECTED',
  [ResultCode.PERP_RISK_LIMIT_EXCEEDED]: 'RISK_LIMIT',
  [ResultCode.PERP_INVALID_TRIGGER]: 'TRIGGER_INVALID',
  [ResultCode.PERP_AMEND_REFUSED]: 'AMEND_REFUSED',
  [ResultCode.PERP_LEVERAGE_MARGIN]: 'LEVERAGE_MARGIN',
  [ResultCode.PERP_POSITION_MODE_BUSY]: 'POSITION_MODE_BUSY',
  [ResultCode.PERP_INVALID_POSITION_MODE]: 'VALIDATION',
  [ResultCode.ENGINE_UNKNOWN_ASSET]: 'VALIDATION',
  [ResultCode.ENGINE_INVALID_AMOUNT]: 'VALIDATION',
};

/** Throws the API error for a refused command (a code without a mapping is a server fault). */
export function refusal(code: number): AppError {
  const name = MAP[code];
  if (name === undefined) throw new Error(`engine refused with unmapped code ${code}`);
  return new AppError(name);
}
