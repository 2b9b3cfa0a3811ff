// One language of the web app in one module, so the app downloads only the language it shows
// (see ../load.ts): the main catalogue plus every feature namespace, as ../index.ts merges them.

import { zh_TW as community } from '../community/zh_TW.ts';
import { zh_TW as earn1 } from '../earn1/zh_TW.ts';
import { zh_TW as earn2 } from '../earn2/zh_TW.ts';
import { zh_TW as funds } from '../funds/zh_TW.ts';
import { zh_TW as kyc } from '../kyc/zh_TW.ts';
import { webBundle } from '../load.ts';
import { zh_TW as reserves } from '../reserves/zh_TW.ts';
import { zh_TW as security } from '../security/zh_TW.ts';
import { zh_TW as wallet } from '../wallet/zh_TW.ts';
import { zh_TW as main } from '../zh_TW.ts';

export const catalogue = webBundle({ main, wallet, kyc, funds, community, reserves, security, earn1, earn2 });
