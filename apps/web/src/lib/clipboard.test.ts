import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

/** jsdom has no execCommand; each test installs the behaviour it needs. */
function stubExecCommand(result: boolean | Error) {
  const spy = vi.fn((command: string) => {
    if (result instanceof Error) throw result;
    // The textarea holds the text while the copy runs.
    expect(command).toBe('copy');
    expect(document.querySelector('textarea')).not.toBeNull();
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: spy, configurable: true });
  return spy;
}

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the Clipboard API when it is there and works', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const execCommand = stubExecCommand(true);
    await expect(copyText('ABC123', { clipboard: { writeText } })).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('ABC123');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a textarea when the Clipboard API refuses', async () => {
    const writeText = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const execCommand = stubExecCommand(true);
    await expect(copyText('https://x/#/r?i=A', { clipboard: { writeText } })).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledOnce();
    // The helper textarea is gone again.
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back to a textarea when there is no Clipboard API', async () => {
    const execCommand = stubExecCommand(true);
    await expect(copyText('code', { clipboard: undefined })).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledOnce();
  });

  it('reports failure when neither way copies', async () => {
    stubExecCommand(false);
    await expect(copyText('code', { clipboard: undefined })).resolves.toBe(false);
    stubExecCommand(new Error('not supported'));
    await expect(copyText('code', { clipboard: undefined })).resolves.toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when execCommand does not exist at all', async () => {
    await expect(copyText('code', { clipboard: undefined })).resolves.toBe(false);
  });

  it('gives focus back to where it was', async () => {
    const button = document.createElement('button');
    document.body.appendChild(button);
    button.focus();
    stubExecCommand(true);
    await copyText('code', { clipboard: undefined });
    expect(document.activeElement).toBe(button);
    button.remove();
  });
});
