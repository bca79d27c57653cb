import type { Api } from '@ampere/client';
import { statementRequestParams } from './wallet';
import type { StatementFilters } from './wallet';

/**
 * The CSV statement (GET user/financialRecords/export). A plain link cannot carry the
 * Authorization header, so the request client fetches the file like any other request (session,
 * language, 401 handling, renewed token) and the bytes are handed to the browser as a download.
 */
const EXPORT_PATH = 'user/financialRecords/export';

export interface ExportOptions {
  /** Puts the file in the user's hands; defaults to an `<a download>` click. */
  save?(file: Blob, fileName: string): void;
  /** For the default file name; defaults to the current time. */
  now?(): Date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "ampere-statement-20240601.csv", dated in the user's own time zone. */
export function statementFileName(date: Date): string {
  const day = `${date.getFullYear()}${pad2(date.getMonth() + 1)}${pad2(date.getDate())}`;
  return `ampere-statement-${day}.csv`;
}

export function saveBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then, and some browsers
  // still read the URL during the click itself.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

/** Downloads the statement for `filters`; resolves with the file name it was saved under. */
export async function exportStatement(
  api: Api,
  filters: StatementFilters,
  options: ExportOptions = {},
): Promise<string> {
  const { file, fileName } = await api.download(EXPORT_PATH, {
    query: statementRequestParams(filters),
  });
  const name = fileName ?? statementFileName(options.now?.() ?? new Date());
  (options.save ?? saveBlob)(file, name);
  return name;
}
