import { defineModule } from '../module.js';
import { createContentRepository } from './content.repository.js';
import { createContentService } from './content.service.js';

/** Localized documents (the user agreement), seeded without overwriting edits. */
export const contentModule = defineModule({
  name: 'content',
  create: ({ db }) => createContentService(createContentRepository(db)),
  seed: (db) => createContentService(createContentRepository(db)).seedDefaults(),
});
