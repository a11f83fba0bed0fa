import { countSmsSegments } from '@agentry/core/sms-segments';

/** How many SMS segments a message takes (Twilio charges each one), shown before sending. */
export function SegmentCount({ text, id }: { text: string; id?: string }) {
  const info = countSmsSegments(text);
  return (
    <p id={id} className="text-xs text-muted-foreground" aria-live="polite">
      <span data-testid="segment-count">
        {info.segments} {info.segments === 1 ? 'segment' : 'segments'}
      </span>{' '}
      · {text.length} characters · {info.encoding}
      {info.nonGsmCharacters.length > 0
        ? ` (${info.nonGsmCharacters.slice(0, 3).join(' ')} ${info.nonGsmCharacters.length === 1 ? 'is' : 'are'} not in the SMS alphabet)`
        : ''}
    </p>
  );
}
