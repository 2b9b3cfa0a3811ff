export type { CheckOutcome, UpdateController } from './controller.ts';
export { createUpdateController } from './controller.ts';
export type { NativeUpdater, UpdateInfo } from './port.ts';
export { isNewerVersion } from './semver.ts';
export { UpdatePopup } from './UpdatePopup.tsx';
