import type { product } from './market.schema.js';

const names = (en: string, zh: string, extra: Record<string, string> = {}) => ({
  'en-US': en,
  'zh-Hans': zh,
  ...extra,
});

/**
 * The default catalogue (issue #5): major crypto pairs, gold, a currency pair and new-energy
 * names, named in all 13 locales (a brand such as Bitcoin keeps its Latin name where that is
 * how the language writes it). A product an operator adds may leave locales out: they fall
 * back to English.
 */
export const DEFAULT_PRODUCTS: (typeof product.$inferInsert)[] = [
  {
    symbol: 'BTC/USDT',
    category: 'crypto',
    priceScale: 2,
    names: names('Bitcoin', '比特币', {
      'zh-Hant': '比特幣',
      ja: 'ビットコイン',
      ko: '비트코인',
      ru: 'Биткоин',
      de: 'Bitcoin',
      fr: 'Bitcoin',
      it: 'Bitcoin',
      es: 'Bitcoin',
      pt: 'Bitcoin',
      vi: 'Bitcoin',
      th: 'บิตคอยน์',
    }),
    sortOrder: 10,
    volatilityBps: 6000,
    initialPrice: '97000.00',
  },
  {
    symbol: 'ETH/USDT',
    category: 'crypto',
    priceScale: 2,
    names: names('Ethereum', '以太坊', {
      'zh-Hant': '以太坊',
      ja: 'イーサリアム',
      ko: '이더리움',
      ru: 'Эфириум',
      de: 'Ethereum',
      fr: 'Ethereum',
      it: 'Ethereum',
      es: 'Ethereum',
      pt: 'Ethereum',
      vi: 'Ethereum',
      th: 'อีเธอเรียม',
    }),
    sortOrder: 20,
    volatilityBps: 7500,
    initialPrice: '3400.00',
  },
  {
    symbol: 'SOL/USDT',
    category: 'crypto',
    priceScale: 3,
    names: names('Solana', 'Solana', {
      'zh-Hant': 'Solana',
      ja: 'ソラナ',
      ko: '솔라나',
      ru: 'Солана',
      de: 'Solana',
      fr: 'Solana',
      it: 'Solana',
      es: 'Solana',
      pt: 'Solana',
      vi: 'Solana',
      th: 'โซลานา',
    }),
    sortOrder: 30,
    volatilityBps: 9000,
    initialPrice: '180.000',
  },
  {
    symbol: 'XAU/USD',
    category: 'metal',
    priceScale: 2,
    names: names('Gold', '黄金', {
      'zh-Hant': '黃金',
      ja: '金',
      ko: '금',
      ru: 'Золото',
      de: 'Gold',
      fr: 'Or',
      it: 'Oro',
      es: 'Oro',
      pt: 'Ouro',
      vi: 'Vàng',
      th: 'ทองคำ',
    }),
    sortOrder: 40,
    volatilityBps: 1500,
    initialPrice: '2650.00',
  },
  {
    symbol: 'EUR/USD',
    category: 'fx',
    priceScale: 5,
    names: names('Euro / US Dollar', '欧元/美元', {
      'zh-Hant': '歐元/美元',
      ja: 'ユーロ/米ドル',
      ko: '유로/미국 달러',
      ru: 'Евро / доллар США',
      de: 'Euro / US-Dollar',
      fr: 'Euro / dollar US',
      it: 'Euro / dollaro USA',
      es: 'Euro / dólar estadounidense',
      pt: 'Euro / dólar americano',
      vi: 'Euro / Đô la Mỹ',
      th: 'ยูโร / ดอลลาร์สหรัฐ',
    }),
    sortOrder: 50,
    volatilityBps: 700,
    initialPrice: '1.08000',
  },
  {
    symbol: 'LIT/USD',
    category: 'energy',
    priceScale: 3,
    names: names('Lithium index', '锂电指数', {
      'zh-Hant': '鋰電指數',
      ja: 'リチウム指数',
      ko: '리튬 지수',
      ru: 'Индекс лития',
      de: 'Lithium-Index',
      fr: 'Indice lithium',
      it: 'Indice litio',
      es: 'Índice de litio',
      pt: 'Índice de lítio',
      vi: 'Chỉ số lithium',
      th: 'ดัชนีลิเธียม',
    }),
    sortOrder: 60,
    volatilityBps: 3500,
    initialPrice: '48.500',
  },
  {
    symbol: 'SOLAR/USD',
    category: 'energy',
    priceScale: 3,
    names: names('Solar energy index', '光伏指数', {
      'zh-Hant': '光伏指數',
      ja: '太陽光指数',
      ko: '태양광 지수',
      ru: 'Индекс солнечной энергетики',
      de: 'Solarenergie-Index',
      fr: 'Indice énergie solaire',
      it: 'Indice energia solare',
      es: 'Índice de energía solar',
      pt: 'Índice de energia solar',
      vi: 'Chỉ số năng lượng mặt trời',
      th: 'ดัชนีพลังงานแสงอาทิตย์',
    }),
    sortOrder: 70,
    volatilityBps: 3000,
    initialPrice: '62.400',
  },
  {
    symbol: 'EV/USD',
    category: 'energy',
    priceScale: 3,
    names: names('Electric vehicle index', '新能源车指数', {
      'zh-Hant': '新能源車指數',
      ja: 'EV指数',
      ko: '전기차 지수',
      ru: 'Индекс электромобилей',
      de: 'Elektroauto-Index',
      fr: 'Indice véhicules électriques',
      it: 'Indice veicoli elettrici',
      es: 'Índice de vehículos eléctricos',
      pt: 'Índice de veículos elétricos',
      vi: 'Chỉ số xe điện',
      th: 'ดัชนียานยนต์ไฟฟ้า',
    }),
    sortOrder: 80,
    volatilityBps: 3800,
    initialPrice: '105.200',
  },
];

/** The most demonstration products `demoProducts` makes (`DEMO01/USD` … `DEMO99/USD`). */
export const MAX_DEMO_PRODUCTS = 99;

/**
 * `count` demonstration products for the simulated feed (`npm run ops -- products:demo`): a
 * catalogue of a realistic size for load and frame-rate measurements (bench/markets-fps.ts).
 * They are ordinary products — the feed walks and hash-chains their ticks like any other — in
 * their own `demo` category, quoted in USD so the exchange feed (USDT pairs) never follows them,
 * sorted after the default catalogue, named in English only (the other locales fall back to it).
 */
export function demoProducts(count: number): (typeof product.$inferInsert)[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_DEMO_PRODUCTS)
    throw new RangeError(`a demo catalogue has 1–${MAX_DEMO_PRODUCTS} products, not ${count}`);
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      symbol: `DEMO${n}/USD`,
      category: 'demo',
      priceScale: 2 + (i % 3),
      names: { 'en-US': `Demo ${n}` },
      sortOrder: 1000 + i,
      volatilityBps: 3000 + (i % 7) * 1000,
      // 10 to about 5,000, at the product's scale.
      initialPrice: (10 * 1.12 ** i).toFixed(2 + (i % 3)),
    };
  });
}
