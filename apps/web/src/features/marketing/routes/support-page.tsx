import { useMutation } from '@tanstack/react-query';
import {
  SUPPORT_EMAIL,
  SupportRequestBody,
  supportLimits,
  supportTopics,
  type SupportTopic,
} from '@agentry/core/support';
import { CircleCheckBig, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { WorkspacePage } from '@/components/ui/workspace-page';
import { useSession } from '@/lib/session';
import { sendSupportRequest } from '../api/support-api';

type Draft = { name: string; email: string; topic: SupportTopic | ''; message: string; reference: string };
type Errors = Partial<Record<keyof Draft, string>>;
/**
 * What the sent screen says. The server mails a receipt only to a signed-in sender, at their
 * account's address (never the typed one), so the screen promises a copy only then.
 */
type Sent = { message: string; answerTo: string; receiptTo: string | null };

/** The first message per field of a failed parse. */
function toErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as keyof Draft] = issue.message;
  }
  return errors;
}

/** /support: a form that reaches support by e-mail (POST /api/support), open to visitors and members. */
export function SupportPage() {
  const session = useSession();
  const formId = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<Sent | null>(null);
  // Signed-in members start from their account's name and e-mail.
  const value: Draft = draft ?? {
    name: session.data?.user.name ?? '',
    email: session.data?.user.email ?? '',
    topic: '',
    message: '',
    reference: '',
  };

  const send = useMutation({
    mutationFn: (request: { body: SupportRequestBody; receiptTo: string | null }) => sendSupportRequest(request.body),
    meta: { silentError: true },
    onSuccess: (reply, request) =>
      setSent({ message: reply.message, answerTo: request.body.email, receiptTo: request.receiptTo }),
  });

  const update = (patch: Partial<Draft>) => {
    setDraft({ ...value, ...patch });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof Draft];
      return next;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = SupportRequestBody.safeParse(value);
    if (!parsed.success) {
      setErrors(toErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate({ body: parsed.data, receiptTo: session.data?.user.email ?? null });
  };

  const field = (name: keyof Draft) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });

  if (sent)
    return (
      <WorkspacePage>
        <div role="status" className="mx-auto grid max-w-md justify-items-center gap-3 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
            <CircleCheckBig className="size-7" aria-hidden />
          </span>
          <h2 className="text-xl font-semibold">Message sent</h2>
          <p className="text-muted-foreground">{sent.message}</p>
          <p className="text-sm text-muted-foreground">
            {sent.receiptTo ? `A copy is on its way to ${sent.receiptTo}.` : `We will answer at ${sent.answerTo}.`}
          </p>
          <Button
            variant="outline"
            onClick={() => {
              setSent(null);
              setDraft({ ...value, topic: '', message: '', reference: '' });
            }}
          >
            Send another message
          </Button>
        </div>
      </WorkspacePage>
    );

  return (
    <WorkspacePage className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${formId}-title`}
        className="grid gap-5 rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6"
      >
        <div className="grid gap-1">
          <h2 id={`${formId}-title`} className="text-xl font-semibold tracking-tight">
            How can we help?
          </h2>
          <p className="text-sm text-muted-foreground">Tell us what happened. We answer by e-mail.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${formId}-name`}>Your name</Label>
            <Input
              {...field('name')}
              autoComplete="name"
              maxLength={supportLimits.name}
              value={value.name}
              onChange={(event) => update({ name: event.target.value })}
            />
            <FieldError id={`${formId}-name-error`}>{errors.name}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${formId}-email`}>Email</Label>
            <Input
              {...field('email')}
              type="email"
              autoComplete="email"
              value={value.email}
              onChange={(event) => update({ email: event.target.value })}
            />
            <FieldError id={`${formId}-email-error`}>{errors.email}</FieldError>
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${formId}-topic`}>Topic</Label>
          <Select value={value.topic || undefined} onValueChange={(topic) => update({ topic: topic as SupportTopic })}>
            <SelectTrigger {...field('topic')}>
              <SelectValue placeholder="Pick a topic" />
            </SelectTrigger>
            <SelectContent>
              {supportTopics.map((topic) => (
                <SelectItem key={topic} value={topic}>
                  {topic}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id={`${formId}-topic-error`}>{errors.topic}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${formId}-message`}>Message</Label>
          <Textarea
            {...field('message')}
            rows={6}
            maxLength={supportLimits.message.max}
            placeholder="What were you doing, what did you expect, and what happened instead?"
            value={value.message}
            onChange={(event) => update({ message: event.target.value })}
          />
          <FieldError id={`${formId}-message-error`}>{errors.message}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${formId}-reference`}>Reference code (optional)</Label>
          <Input
            {...field('reference')}
            maxLength={supportLimits.reference}
            placeholder="Shown in error messages, e.g. 3F2A9C…"
            value={value.reference}
            onChange={(event) => update({ reference: event.target.value })}
          />
          <FieldError id={`${formId}-reference-error`}>{errors.reference}</FieldError>
        </div>
        {send.isError ? <FieldError>{send.error.message}</FieldError> : null}
        <Button type="submit" disabled={send.isPending} className="justify-self-start">
          {send.isPending ? <Spinner /> : <Send aria-hidden />}
          Send message
        </Button>
      </form>
      <aside aria-label="Other ways to get help" className="grid gap-4 text-sm">
        <section className="grid gap-1 rounded-[var(--radius-card)] border border-border p-5">
          <h3 className="font-semibold">Try the guides first</h3>
          <p className="text-muted-foreground">
            Short walkthroughs of building, demoing, launching and testing agents.
          </p>
          <Link to="/howitworks" className="font-medium text-primary hover:underline">
            Open the guides
          </Link>
        </section>
        <section className="grid gap-1 rounded-[var(--radius-card)] border border-border p-5">
          <h3 className="font-semibold">Prefer e-mail?</h3>
          <p className="text-muted-foreground">
            Write to{' '}
            <a className="font-medium text-foreground underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
            , with any reference code an error showed you.
          </p>
        </section>
      </aside>
    </WorkspacePage>
  );
}
