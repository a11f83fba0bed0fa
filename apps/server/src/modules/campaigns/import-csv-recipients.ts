import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import Papa from 'papaparse';
import { campaignLimits, campaignMessages, type ImportCsvQuery, type ImportReport } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { campaign } from './campaigns.tables';
import { replaceRecipients, type RecipientInput } from './replace-recipients';

/** A number in E.164, or null when it is not a valid number. */
export function toE164(raw: string, defaultCountry: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

const clean = (value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '').trim() : '');

/**
 * Reads a CSV upload as a stream (papaparse, one row at a time, up to 50,000 rows), maps its
 * columns (the phone column, optionally a first-name column; every column becomes a variable),
 * and replaces the draft's recipients with the valid, new and not opted-out rows. The report
 * counts invalid, duplicate and opted-out rows and lists the first of each.
 */
export async function importCsvRecipients(options: {
  db: Database;
  campaign: typeof campaign.$inferSelect;
  stream: Readable;
  query: ImportCsvQuery;
}): Promise<ImportReport> {
  const { query } = options;
  const seen = new Set<string>();
  const recipients: (RecipientInput & { row: number })[] = [];
  const report: ImportReport = {
    totalRows: 0,
    added: 0,
    invalid: 0,
    duplicates: 0,
    optedOut: 0,
    invalidRows: [],
    duplicateRows: [],
    optedOutRows: [],
  };
  const note = (list: ImportReport['invalidRows'], row: number, value: string) => {
    if (list.length < campaignLimits.reportRowsMax) list.push({ row, value: value.slice(0, 100) });
  };
  let columns: string[] | null = null;
  let bytes = 0;
  const limitBytes = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > campaignLimits.csvMaxBytes)
        done(new AppError('VALIDATION_ERROR', { message: campaignMessages.tooManyRows }));
      else done(null, chunk);
    },
  });
  const collect = new Transform({
    objectMode: true,
    transform(row: Record<string, unknown>, _encoding, done) {
      if (columns === null) {
        columns = Object.keys(row).map(clean).filter(Boolean);
        if (!columns.includes(query.phoneColumn))
          return done(new AppError('VALIDATION_ERROR', { message: campaignMessages.phoneColumnRequired }));
      }
      report.totalRows += 1;
      if (report.totalRows > campaignLimits.csvMaxRows)
        return done(new AppError('VALIDATION_ERROR', { message: campaignMessages.tooManyRows }));
      // Row 1 is the header line.
      const rowNumber = report.totalRows + 1;
      const raw = clean(row[query.phoneColumn]);
      const address = raw ? toE164(raw, query.defaultCountry) : null;
      if (!address) {
        report.invalid += 1;
        note(report.invalidRows, rowNumber, raw);
        return done();
      }
      if (seen.has(address)) {
        report.duplicates += 1;
        note(report.duplicateRows, rowNumber, raw);
        return done();
      }
      seen.add(address);
      const variables: Record<string, string> = {};
      for (const [key, value] of Object.entries(row)) {
        const name = clean(key);
        if (name) variables[name] = clean(value).slice(0, 500);
      }
      const firstName = query.firstNameColumn ? clean(row[query.firstNameColumn]) : '';
      if (firstName) variables.firstName = firstName;
      else variables.firstName ??= '';
      recipients.push({ row: rowNumber, address, variables, displayName: firstName || null });
      done();
    },
  });
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: true, skipEmptyLines: 'greedy' });
  await pipeline(options.stream, limitBytes, parser, collect).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_ERROR', { message: 'The file could not be read as CSV', cause: error });
  });
  if (report.totalRows === 0) throw new AppError('VALIDATION_ERROR', { message: campaignMessages.emptyCsv });

  return replaceRecipients({
    db: options.db,
    campaign: options.campaign,
    recipients,
    variables: [...new Set([...(columns ?? []), 'firstName'])],
    report,
  });
}
