// One language of the web app in one module, so the app downloads only the language it shows
// (see ../load.ts): the main catalogue plus every feature namespace, as ../index.ts merges them.

import { en as community } from '../community/en.ts';
import { en as earn1 } from '../earn1/en.ts';
import { en as earn2 } from '../earn2/en.ts';
import { en as main } from '../en.ts';
import { en as funds } from '../funds/en.ts';
import { en as kyc } from '../kyc/en.ts';
import { webBundle } from '../load.ts';
import { en as reserves } from '../reserves/en.ts';
import { en as security } from '../security/en.ts';
import { en as wallet } from '../wallet/en.ts';

export const catalogue = webBundle({ main, wallet, kyc, funds, community, reserves, security, earn1, earn2 });
