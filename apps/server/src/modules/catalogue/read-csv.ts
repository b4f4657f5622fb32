// Reading an uploaded catalogue: UTF-8 (Excel's byte order mark or none), the header checked
// against the columns export writes, then each row's cells by column. A file that is not CSV
// (an unclosed quote, a row with more or fewer cells than the header) is refused whole, with
// the line csv-parse stopped at.
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_HEADERS,
  unescapeFormulaCell,
  type CatalogueCsvCells,
  type CatalogueCsvKey,
} from '@soko/contract';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../../platform/errors';

export type CsvRow = { row: number; cells: CatalogueCsvCells };

const keyOfHeader = new Map<string, CatalogueCsvKey>(
  CATALOGUE_CSV_COLUMNS.map(([header, key]) => [header.toLowerCase(), key]),
);

const notCsv = (message: string, line?: number) =>
  new AppError(400, 'invalid_csv', message, line === undefined ? {} : { details: { line } });

function keysOfHeader(header: string[]): CatalogueCsvKey[] {
  const keys: CatalogueCsvKey[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  for (const name of header) {
    const key = keyOfHeader.get(name.trim().toLowerCase());
    if (!key) unknown.push(name);
    else if (keys.includes(key)) repeated.push(name);
    else keys.push(key);
  }
  const missing = CATALOGUE_CSV_COLUMNS.filter(([, key]) => !keys.includes(key)).map(([h]) => h);
  if (unknown.length + repeated.length + missing.length === 0) return keys;
  const quote = (names: string[]) => names.map((n) => `“${n}”`).join(', ');
  const parts = [
    unknown.length > 0 ? `Unknown columns: ${quote(unknown)}.` : '',
    missing.length > 0 ? `Missing columns: ${quote(missing)}.` : '',
    repeated.length > 0 ? `Columns given twice: ${quote(repeated)}.` : '',
  ].filter(Boolean);
  throw new AppError(
    400,
    'wrong_columns',
    `${parts.join(' ')} Expected: ${CATALOGUE_CSV_HEADERS.join(', ')}.`,
    {
      details: { unknown, missing, repeated, expected: CATALOGUE_CSV_HEADERS },
    },
  );
}

/** The file's data rows, numbered as a spreadsheet numbers them (the header is row 1). */
export async function readCatalogueCsv(file: Buffer): Promise<CsvRow[]> {
  let text: string;
  try {
    // Fatal: a file saved as Latin-1 would otherwise import with its accents turned into �.
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw badRequest('The file is not UTF-8 text. Save it as “CSV UTF-8” and try again.');
  }
  const parser = parse(text, { bom: true, skip_empty_lines: true });
  const rows: CsvRow[] = [];
  let keys: CatalogueCsvKey[] | undefined;
  let index = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      index += 1;
      if (!keys) {
        keys = keysOfHeader(record);
        continue;
      }
      const cells = Object.fromEntries(
        keys.map((key, i) => [key, unescapeFormulaCell(record[i] ?? '')]),
      ) as CatalogueCsvCells;
      rows.push({ row: index, cells });
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw notCsv(`The file is not valid CSV: ${error.message}`, line);
    }
    throw error;
  }
  if (!keys) throw notCsv('The file is empty: it needs a header row and a row per product.');
  return rows;
}
