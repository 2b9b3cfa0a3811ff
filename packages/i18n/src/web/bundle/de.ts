// One language of the web app in one module, so the app downloads only the language it shows
// (see ../load.ts): the main catalogue plus every feature namespace, as ../index.ts merges them.

import { de as community } from '../community/de.ts';
import { de as main } from '../de.ts';
import { de as earn1 } from '../earn1/de.ts';
import { de as earn2 } from '../earn2/de.ts';
import { de as funds } from '../funds/de.ts';
import { de as kyc } from '../kyc/de.ts';
import { webBundle } from '../load.ts';
import { de as reserves } from '../reserves/de.ts';
import { de as security } from '../security/de.ts';
import { de as wallet } from '../wallet/de.ts';

export const catalogue = webBundle({ main, wallet, kyc, funds, community, reserves, security, earn1, earn2 });
