import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp, Users } from 'lucide-react';
import Papa from 'papaparse';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { Campaign, ImportReport } from '@agentry/core/campaigns';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { addContactRecipients, campaignKeys, uploadRecipientsCsv } from '../api/campaigns-api';

const NONE = '__none__';

function guessColumn(columns: string[], pattern: RegExp) {
  return columns.find((column) => pattern.test(column)) ?? null;
}

type Preview = { file: File; columns: string[]; sample: Record<string, string>[] };

/** Recipients of a draft: a CSV file (columns mapped here, read by the server as a stream) or earlier contacts. */
export function RecipientsImport(props: { subaccountId: string; campaign: Campaign; earlierContacts: number }) {
  const { subaccountId, campaign } = props;
  const queryClient = useQueryClient();
  const fileId = useId();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [readError, setReadError] = useState('');
  const [phoneColumn, setPhoneColumn] = useState('');
  const [firstNameColumn, setFirstNameColumn] = useState(NONE);
  const [country, setCountry] = useState('US');

  const done = async (report: ImportReport) => {
    await queryClient.invalidateQueries({ queryKey: campaignKeys.detail(subaccountId, campaign.id) });
    toast.success(`${report.added} ${report.added === 1 ? 'recipient' : 'recipients'} added`);
    setPreview(null);
  };
  const upload = useMutation({
    mutationFn: () => {
      if (!preview) throw new Error('Choose a CSV file');
      return uploadRecipientsCsv({
        subaccountId,
        campaignId: campaign.id,
        file: preview.file,
        phoneColumn,
        firstNameColumn: firstNameColumn === NONE ? null : firstNameColumn,
        defaultCountry: country,
      });
    },
    onSuccess: done,
    onError: (error) => toast.error(error.message),
  });
  const fromContacts = useMutation({
    mutationFn: () => addContactRecipients(subaccountId, campaign.id),
    onSuccess: done,
    onError: (error) => toast.error(error.message),
  });

  const readFile = (file: File | undefined) => {
    setReadError('');
    if (!file) return;
    // Only the first rows are read here, to map the columns; the server reads the whole file.
    Papa.parse<Record<string, string>>(file, {
      header: true,
      preview: 3,
      skipEmptyLines: 'greedy',
      complete: (result) => {
        const columns = (result.meta.fields ?? []).filter(Boolean);
        if (columns.length === 0) {
          setReadError('The file has no header row');
          return;
        }
        setPreview({ file, columns, sample: result.data });
        setPhoneColumn(guessColumn(columns, /phone|mobile|cell|number|tel/i) ?? columns[0] ?? '');
        setFirstNameColumn(guessColumn(columns, /first.?name|^name$/i) ?? NONE);
      },
      error: () => setReadError('The file could not be read as CSV'),
    });
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fileId}>Import contacts from a CSV file (up to 50,000 rows)</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:text-secondary-foreground"
          onChange={(event) => readFile(event.target.files?.[0])}
        />
        <FieldError>{readError}</FieldError>
      </div>
      {preview ? (
        <div className="grid gap-4 rounded-[var(--radius-control)] border border-border p-4">
          <p className="text-sm">
            <span className="font-medium">{preview.file.name}</span>: {preview.columns.length} columns. Choose which one
            holds the phone numbers.
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor="csv-phone">Phone number column</Label>
              <OptionSelect
                id="csv-phone"
                value={phoneColumn}
                options={preview.columns.map((column) => ({ value: column, label: column }))}
                onValueChange={setPhoneColumn}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="csv-first-name">First name column</Label>
              <OptionSelect
                id="csv-first-name"
                value={firstNameColumn}
                options={[
                  { value: NONE, label: 'None' },
                  ...preview.columns.map((column) => ({ value: column, label: column })),
                ]}
                onValueChange={setFirstNameColumn}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="csv-country">Country of numbers without +</Label>
              <Input
                id="csv-country"
                value={country}
                maxLength={2}
                onChange={(event) => setCountry(event.target.value.toUpperCase().replace(/[^A-Z]/g, ''))}
              />
            </div>
          </div>
          {preview.sample.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">First rows of the file</caption>
                <thead>
                  <tr>
                    {preview.columns.map((column) => (
                      <th key={column} scope="col" className="border-b border-border px-2 py-1 font-medium">
                        {column}
                        {column === phoneColumn ? ' (phone)' : column === firstNameColumn ? ' (firstName)' : ''}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.sample.map((row, index) => (
                    <tr key={index}>
                      {preview.columns.map((column) => (
                        <td key={column} className="max-w-40 truncate px-2 py-1 text-muted-foreground">
                          {row[column]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => upload.mutate()} disabled={upload.isPending || !phoneColumn}>
              <FileUp aria-hidden />
              {upload.isPending ? 'Importing…' : 'Import recipients'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setPreview(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {props.earlierContacts > 0 ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
          <p className="text-sm text-muted-foreground">
            Or send to the {props.earlierContacts} earlier contacts of this account (opted-out ones are left out).
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() => fromContacts.mutate()}
            disabled={fromContacts.isPending}
          >
            <Users aria-hidden />
            Use earlier contacts
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The last import's counts, and its first problem rows. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const problems = [
    { label: 'Invalid numbers', rows: report.invalidRows, count: report.invalid },
    { label: 'Duplicates', rows: report.duplicateRows, count: report.duplicates },
    { label: 'Opted out', rows: report.optedOutRows, count: report.optedOut },
  ];
  return (
    <div className="grid gap-3" aria-label="Import report">
      <p className="text-sm">
        <span className="font-medium">{report.added}</span> of {report.totalRows} rows will receive the message.
      </p>
      <ul className="grid gap-2 sm:grid-cols-3">
        {problems.map((problem) => (
          <li key={problem.label} className="rounded-[var(--radius-control)] border border-border p-3">
            <p className="text-sm font-medium">
              {problem.label}: <span className="tabular-nums">{problem.count}</span>
            </p>
            {problem.rows.length > 0 ? (
              <ul className="mt-1 max-h-32 overflow-y-auto text-xs text-muted-foreground">
                {problem.rows.map((row) => (
                  <li key={`${row.row}-${row.value}`}>
                    Row {row.row}: {row.value || '(empty)'}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
