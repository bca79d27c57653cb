import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import content from './content.json';
import market from './market.json';
import trade from './trade.json';
import wallet from './wallet.json';

/**
 * This locale's messages: one file per feature, each holding whole top-level groups, merged into
 * one object. One module per locale, so the locale still loads as one chunk (i18n/index.ts).
 */
export default { ...common, ...auth, ...market, ...trade, ...wallet, ...account, ...content };
