import { defineModule } from '../module.js';
import { createSettingsRepository } from './settings.repository.js';
import { createSettingsService } from './settings.service.js';

/** Operator settings (`system_setting`): rows, so the back office can change them. */
export const settingsModule = defineModule({
  name: 'settings',
  create: ({ db }) => createSettingsService(createSettingsRepository(db)),
});
