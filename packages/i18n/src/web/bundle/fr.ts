// One language of the web app in one module, so the app downloads only the language it shows
// (see ../load.ts): the main catalogue plus every feature namespace, as ../index.ts merges them.

import { fr as community } from '../community/fr.ts';
import { fr as earn1 } from '../earn1/fr.ts';
import { fr as earn2 } from '../earn2/fr.ts';
import { fr as main } from '../fr.ts';
import { fr as funds } from '../funds/fr.ts';
import { fr as kyc } from '../kyc/fr.ts';
import { webBundle } from '../load.ts';
import { fr as reserves } from '../reserves/fr.ts';
import { fr as security } from '../security/fr.ts';
import { fr as wallet } from '../wallet/fr.ts';

export const catalogue = webBundle({ main, wallet, kyc, funds, community, reserves, security, earn1, earn2 });
