// No zod here, as in locales.ts: the web client checks the launch config against these before zod
// has loaded (BRIEF §9).

export const APP_VERSION = '1.0.1';
export const APP_VERSION_CODE = 101;
