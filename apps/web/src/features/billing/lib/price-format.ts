import { yearlyMonthlyDisplay } from '@agentry/core/plans';

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** docs/product/billing-and-credits.md#plans: the yearly total divided by 12, to 2 decimals ('$47.40', '$1,198.20'). */
export function formatYearlyPerMonth(yearlyTotalCents: number) {
  return `$${twoDecimals.format(Number(yearlyMonthlyDisplay(yearlyTotalCents)))}`;
}

/** A monthly amount shown beside a yearly per-month figure, with matching decimals. */
export function formatMonthlyAnchor(monthlyCents: number) {
  return `$${twoDecimals.format(monthlyCents / 100)}`;
}

const perCredit = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});

export function formatPricePerCredit(dollars: number) {
  return perCredit.format(dollars);
}
