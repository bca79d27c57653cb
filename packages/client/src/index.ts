/**
 * What every Ampere web client shares (the user app; the back office next): the request layer
 * (envelope, timeout, token rotation, 401 handling, client codes), the config loader, storage
 * with expiry, decimal-string formatting, relative time and idempotency keys. Framework-free: no
 * React, no UI kit, no i18next — each app brings its own words and screens.
 */
export * from './baseConfig';
export * from './config';
export * from './constants';
export * from './envelope';
export * from './format';
export * from './idempotency';
export * from './relativeTime';
export * from './request';
export * from './storage';
