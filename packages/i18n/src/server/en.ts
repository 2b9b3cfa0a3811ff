// Source catalogue of every message the server sends. Keys are referenced by the error catalogue in
// @ex/contract and by the validation mapper in apps/server; `{name}` placeholders are filled by
// `translateServer`. Every other language is typed against this object.
export const en = {
  // Envelope-level errors
  'error.ok': 'Success',
  'error.validation': 'The given data was invalid',
  'error.unauthorized': 'Please log in',
  'error.session_ended': 'Your session has ended, please log in again',
  'error.not_found': 'Not found',
  'error.rate_limited': 'Too many requests, please try again later',
  'error.internal': 'Something went wrong, please try again later',
  'error.payload_too_large': 'The request is too large',
  'error.forbidden': 'You are not allowed to do this',
  'error.bad_request': 'The request could not be read',

  // Account
  'error.account_exists': 'This account is already registered',
  'error.invalid_credentials': 'Wrong account or password',
  'error.account_banned': 'This account is disabled',
  'error.account_not_found': 'Account not found',
  'error.code_invalid': 'The verification code is wrong',
  'error.code_expired': 'The verification code has expired, please request a new one',
  'error.code_too_many_attempts': 'Too many wrong attempts, please request a new code',
  'error.code_send_too_often': 'Please wait {seconds} seconds before requesting another code',
  'error.send_failed': 'The code could not be sent, please try again later',
  'error.phone_unreachable': 'This phone number cannot receive text messages',
  'error.captcha_invalid': 'The image code is wrong or has expired',
  'error.invite_code_invalid': 'The invitation code is invalid',
  'error.old_password_wrong': 'The current password is wrong',
  'error.security_account_mismatch': 'Codes for this action can only be sent to your own account',
  'error.trade_password_wrong': 'The transaction password is wrong',

  // Uploads
  'error.upload_failed': 'Upload failed',
  'error.upload_type': 'Only JPEG, PNG or WebP images are allowed',

  // Business rules named by the product text (used by wallet, earn and community domains)
  'error.transfer_same_account': 'Transfer accounts cannot be the same',
  'error.quantity_out_of_range': 'Please enter a quantity within the range',
  'error.exchange_amount_invalid': 'Please enter correct exchange amount',
  'error.subscription_invalid': 'Please enter a correct amount and number of days',
  'error.staking_limit': 'Staking limit reached',
  'error.already_voted': 'Already voted',
  'error.activity_unavailable': 'You cannot take part in this activity now',
  'error.trade_password_not_set': 'Transaction password not set, please set it first',
  'error.no_bank_card': 'No bank card bound, please bind one first',
  'error.kyc_required': 'Please complete identity verification first',
  'error.insufficient_balance': 'Insufficient balance',
  'error.market_not_found': 'Unknown market',
  'error.order_not_found': 'Order not found',
  'error.idempotency_conflict': 'This request key was already used with different data',

  // Validation (field errors)
  'validation.required': 'This field is required',
  'validation.invalid_type': 'Wrong type: {expected} expected',
  'validation.string_too_long': 'At most {max} characters',
  'validation.string_too_short': 'At least {min} characters',
  'validation.number_too_big': 'Must be at most {max}',
  'validation.number_too_small': 'Must be at least {min}',
  'validation.array_too_big': 'At most {max} items',
  'validation.array_too_small': 'At least {min} items',
  'validation.integer': 'Must be a whole number',
  'validation.invalid_option': 'Must be one of: {values}',
  'validation.invalid_format': 'Invalid format',
  'validation.invalid_value': 'Invalid value',
  'validation.unknown_field': 'Unknown field',
  'validation.email_invalid': 'Invalid email format',
  'validation.phone_invalid': 'Invalid phone number',
  'validation.area_code_invalid': 'Invalid area code',
  'validation.password_mismatch': 'The two passwords are inconsistent',
  'validation.password_weak': 'The password needs 8 to 64 characters with at least one letter and one digit',
  'validation.code_format': 'The code has 6 digits',
  'validation.code_or_invite_required': 'Enter a verification code or an invitation code',
  'validation.decimal_type': 'Send the amount as a decimal string such as "12.5", not as a number',
  'validation.decimal_format': 'Invalid decimal number',
  'validation.decimal_scale': 'At most {scale} decimal places',
  'validation.decimal_min': 'Must be at least {min}',
  'validation.decimal_max': 'Must be at most {max}',
  'validation.decimal_positive': 'Must be greater than zero',
  'validation.malformed_json': 'The request body is not valid JSON',
  'validation.content_type': 'Send the request body as application/json',
  'validation.invalid_characters': 'Contains characters that are not allowed',
  'validation.multipart_required': 'Send the request body as multipart/form-data',
  'validation.file_required': 'Please choose a file',

  // Mails and text messages with verification codes
  // Type names inside 'validation.invalid_type'
  'type.string': 'text',
  'type.number': 'a number',
  'type.boolean': 'true or false',
  'type.object': 'an object',
  'type.array': 'a list',
  'mail.code_subject': 'Your verification code',
  'mail.code_body':
    'Your verification code is {code}. It is valid for 10 minutes. Do not share it with anyone.',
} as const;

export type ServerMessageKey = keyof typeof en;
