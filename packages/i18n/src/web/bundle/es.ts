// One language of the web app in one module, so the app downloads only the language it shows
// (see ../load.ts): the main catalogue plus every feature namespace, as ../index.ts merges them.

import { es as community } from '../community/es.ts';
import { es as earn1 } from '../earn1/es.ts';
import { es as earn2 } from '../earn2/es.ts';
import { es as main } from '../es.ts';
import { es as funds } from '../funds/es.ts';
import { es as kyc } from '../kyc/es.ts';
import { webBundle } from '../load.ts';
import { es as reserves } from '../reserves/es.ts';
import { es as security } from '../security/es.ts';
import { es as wallet } from '../wallet/es.ts';

export const catalogue = webBundle({ main, wallet, kyc, funds, community, reserves, security, earn1, earn2 });
