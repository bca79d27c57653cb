import { expect, it } from 'vitest';
import { paragraphsOf } from './AgreementView';

it('splits the agreement body into paragraphs at blank lines, keeping line breaks inside', () => {
  const body = '1. About\nThis agreement…\n\n\n2. Account\r\nKeep it safe.\n  \n\n';
  expect(paragraphsOf(body)).toEqual(['1. About\nThis agreement…', '2. Account\r\nKeep it safe.']);
});
