import access from './access.json';
import account from './account.json';
import adjustments from './adjustments.json';
import audit from './audit.json';
import auth from './auth.json';
import common from './common.json';
import dashboard from './dashboard.json';
import kyc from './kyc.json';
import fundingDesk from './fundingDesk.json';
import earn from './earn.json';
import content from './content.json';
import settings from './settings.json';
import staff from './staff.json';
import users from './users.json';

/**
 * This locale's messages: one file per feature, each holding whole top-level groups, merged into
 * one object (as the user app does). A new page adds its own file here and in every locale.
 */
export default {
  ...common,
  ...access,
  ...auth,
  ...account,
  ...staff,
  ...audit,
  ...dashboard,
  ...settings,
  ...users,
  ...adjustments,
  ...kyc,
  ...fundingDesk,
  ...earn,
  ...content,
};
