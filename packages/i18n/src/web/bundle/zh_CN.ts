// One language of the web app in one module, so the app downloads only the language it shows
// (see ../load.ts): the main catalogue plus every feature namespace, as ../index.ts merges them.

import { zh_CN as community } from '../community/zh_CN.ts';
import { zh_CN as earn1 } from '../earn1/zh_CN.ts';
import { zh_CN as earn2 } from '../earn2/zh_CN.ts';
import { zh_CN as funds } from '../funds/zh_CN.ts';
import { zh_CN as kyc } from '../kyc/zh_CN.ts';
import { webBundle } from '../load.ts';
import { zh_CN as reserves } from '../reserves/zh_CN.ts';
import { zh_CN as security } from '../security/zh_CN.ts';
import { zh_CN as wallet } from '../wallet/zh_CN.ts';
import { zh_CN as main } from '../zh_CN.ts';

export const catalogue = webBundle({ main, wallet, kyc, funds, community, reserves, security, earn1, earn2 });
