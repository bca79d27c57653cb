/**
 * The staff API's wire (`@ampere/contract/admin`): kept off the main entry so the user app never
 * downloads it. Server and back office import it; docs/backoffice.md describes it.
 */
export * from './adjustments.js';
export * from './audit.js';
export * from './auth.js';
export * from './dashboard.js';
export * from './funding.js';
export * from './earn.js';
export * from './permissions.js';
export * from './settings.js';
export * from './staff.js';
export * from './users.js';
export * from './kyc.js';
export * from './content.js';
export * from './access.js';
