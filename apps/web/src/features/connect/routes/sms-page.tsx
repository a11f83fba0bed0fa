import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsSettings } from '@agentry/core/sms';
import { DEFAULT_SMS_SETTINGS } from '@agentry/core/sms';
import { ArrowLeft, Moon, Sun } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { saveSmsSettings, smsKeys, smsSettingsQuery } from '../api/sms-api';
import { SmsConnectionsPanel } from '../components/sms/sms-connections-panel';
import { useConnectAccount } from '../hooks/use-connect-account';
import { connectPath } from '../lib/connect-nav';

/**
 * /{connectId}/sms/...: the account sidebar is skipped for any path containing /sms/; the SMS
 * area has its own header with the SMS settings (company name, logo, dark/light theme, primary
 * colour), then the SMS and WhatsApp connections.
 */
export function SmsPage() {
  const { subaccountId, subaccount } = useConnectAccount();
  const queryClient = useQueryClient();
  const settingsQuery = useQuery(smsSettingsQuery(subaccountId));
  const settings = settingsQuery.data ?? DEFAULT_SMS_SETTINGS;
  const save = useMutation({
    mutationFn: (body: Partial<SmsSettings>) => saveSmsSettings(subaccountId, body),
    onSuccess: (next) => queryClient.setQueryData(smsKeys.settings(subaccountId), next),
  });
  const isDark = settings.theme === 'dark';
  return (
    <div className={cn('min-h-dvh bg-background text-foreground', isDark && 'dark')}>
      <header
        className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-card/95 px-4 backdrop-blur"
        style={{ borderBottomColor: settings.primaryColor }}
      >
        <Link
          to={connectPath(subaccountId, 'dashboard')}
          aria-label={`Back to ${subaccount?.name ?? 'the account'}`}
          className="inline-flex h-9 items-center gap-2 rounded-[var(--radius-control)] px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          <span className="hidden sm:inline">Back to {subaccount?.name ?? 'the account'}</span>
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {settings.logoUrl && <img src={settings.logoUrl} alt="" className="size-7 rounded object-contain" />}
          <span className="truncate text-sm font-semibold" style={{ color: settings.primaryColor }}>
            {settings.companyName}
          </span>
          <label className="ml-2 inline-flex items-center" title="Primary colour">
            <span className="sr-only">Primary colour</span>
            <input
              type="color"
              value={settings.primaryColor}
              onChange={(event) => save.mutate({ primaryColor: event.target.value })}
              className="size-7 cursor-pointer rounded border border-border bg-transparent"
            />
          </label>
          <Button
            variant="ghost"
            size="icon"
            aria-label={isDark ? 'Switch to the light theme' : 'Switch to the dark theme'}
            onClick={() => save.mutate({ theme: isDark ? 'light' : 'dark' })}
          >
            {isDark ? <Sun aria-hidden /> : <Moon aria-hidden />}
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-8 px-4 py-6">
        {save.isError && (
          <p role="alert" className="text-sm text-destructive">
            {save.error.message}
          </p>
        )}
        <SmsConnectionsPanel subaccountId={subaccountId} />
        <section className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4">
          <div className="grid gap-1">
            <h2 className="text-base font-semibold">SMS campaigns</h2>
            <p className="text-sm text-muted-foreground">
              Send one message to many contacts through these connections; the agent answers their replies.
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to={connectPath(subaccountId, 'sms/campaigns')}>Open campaigns</Link>
          </Button>
        </section>
      </main>
    </div>
  );
}
