// One language of the web app in one module, so the app downloads only the language it shows
// (see ../load.ts): the main catalogue plus every feature namespace, as ../index.ts merges them.

import { it as community } from '../community/it.ts';
import { it as earn1 } from '../earn1/it.ts';
import { it as earn2 } from '../earn2/it.ts';
import { it as funds } from '../funds/it.ts';
import { it as main } from '../it.ts';
import { it as kyc } from '../kyc/it.ts';
import { webBundle } from '../load.ts';
import { it as reserves } from '../reserves/it.ts';
import { it as security } from '../security/it.ts';
import { it as wallet } from '../wallet/it.ts';

export const catalogue = webBundle({ main, wallet, kyc, funds, community, reserves, security, earn1, earn2 });
