import {
  FIND_PASSWORD_PATH,
  INDEX_PATH,
  LIMIT_PATH,
  LOGIN_PATH,
  REGISTER_PATH,
  TAB_PATHS,
  WEBVIEW_PATH,
} from '@/lib/nav';

/**
 * Every page path of SPEC §2, exactly as specified, so links and the route table share one
 * spelling. The rules about them (open, dialog, tab) live in lib/nav.
 */
export const PATHS = {
  ...TAB_PATHS,
  index: INDEX_PATH,
  onlineService: '/app/pages/index/customer',
  languageDialog: '/app/pages/index/languageDialog',
  noticeDialog: '/app/pages/index/noticeDialog',
  productDetail: '/app/pages/product/detail',
  productListDialog: '/app/pages/product/productListDialog',
  orderDialog: '/app/pages/trade/orderDialog',
  setting: '/app/pages/user/setting/index',
  realname: '/app/pages/user/setting/realnameAuth',
  password: '/app/pages/user/setting/pwd',
  fundPassword: '/app/pages/user/setting/mpwd',
  theme: '/app/pages/user/setting/theme',
  colorPickerDialog: '/app/pages/user/setting/dialog/colorPickerDialog',
  bindCards: '/app/pages/user/setting/bindCards',
  /** Not in SPEC §2: the responsible-trading limits and reminder (docs/trading-rules.md). */
  tradeLimits: '/app/pages/user/setting/tradeLimits',
  findPassword: FIND_PASSWORD_PATH,
  register: REGISTER_PATH,
  login: LOGIN_PATH,
  share: '/app/pages/user/share',
  orders: '/app/pages/user/order/index',
  recharge: '/app/pages/user/recharge/index',
  rechargeList: '/app/pages/user/recharge/list',
  /** Not in SPEC §2: one record of a tracker with its timeline (issue #14); takes `id`. */
  rechargeDetail: '/app/pages/user/recharge/detail',
  /** Not in SPEC §2: one USDT chain deposit (tx hash, confirmations n/N, credit); takes `id`. */
  depositDetail: '/app/pages/user/recharge/deposit',
  withdraw: '/app/pages/user/withdraw/index',
  withdrawList: '/app/pages/user/withdraw/list',
  withdrawDetail: '/app/pages/user/withdraw/detail',
  exchange: '/app/pages/user/exchange/index',
  exchangeList: '/app/pages/user/exchange/list',
  exchangeDetail: '/app/pages/user/exchange/detail',
  earn: '/app/pages/user/earn/index',
  earnList: '/app/pages/user/earn/list',
  earnDetail: '/app/pages/user/earn/detail',
  earnOrder: '/app/pages/user/earn/order',
  mark: '/app/pages/user/mark/index',
  /** Not in SPEC §2: the in-app inbox (issue #17 item 4, docs/content.md "Notifications"). */
  inbox: '/app/pages/user/inbox/index',
  dedicatedService: '/app/pages/user/customer',
  agreement: '/app/pages/user/userServiceAgreement',
  noticeView: '/app/pages/common/notice/view',
  webview: WEBVIEW_PATH,
  limit: LIMIT_PATH,
} as const;

export type PageKey = keyof typeof PATHS;
