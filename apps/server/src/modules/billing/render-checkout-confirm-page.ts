import { escapeHtml } from '../../platform/http/escape-html';

/**
 * The page a checkout link from another site lands on while the account has another checkout page
 * open: going on closes that page (one plan per account), so the user confirms it with a click of
 * their own, which comes from this site. `continueUrl` is the same link; `backUrl` where they came
 * from (a path on this site).
 */
export function renderCheckoutConfirmPage(options: { continueUrl: string; backUrl: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Continue to checkout?</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f4f5f7;color:#1d2430;margin:0;padding:48px 16px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}p{color:#5b6473;font-size:15px;line-height:1.5;margin:0 0 20px}
.actions{display:flex;gap:12px;flex-wrap:wrap}
a{flex:1 1 auto;min-width:140px;display:flex;align-items:center;justify-content:center;white-space:nowrap;text-decoration:none;font-size:16px;padding:12px 18px;border-radius:8px}
a.primary{background:#43c0b8;color:#fff;font-weight:600}a.secondary{background:#e6e9ee;color:#1d2430}
a:focus-visible{outline:3px solid #1d2430;outline-offset:2px}
</style></head><body><main>
<h1>Continue to checkout?</h1>
<p>A checkout page for a plan is already open for your account, maybe in another tab. Continuing here closes that page, so only this one can be paid.</p>
<div class="actions"><a class="primary" href="${escapeHtml(options.continueUrl)}">Continue to checkout</a>
<a class="secondary" href="${escapeHtml(options.backUrl)}">Back</a></div>
</main></body></html>
`;
}
