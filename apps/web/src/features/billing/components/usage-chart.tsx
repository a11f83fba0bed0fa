import { formatMeterNumber } from '@agentry/core/billing';
import { ChartColumnBig } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '@/components/ui/empty-state';
import { niceAxis, type UsageChartData } from '../lib/usage-series';

// The widget swatches of DESIGN.md, in an order that keeps neighbours apart.
const modelColors = [
  '#14b8a6',
  '#6366f1',
  '#f59e0b',
  '#ec4899',
  '#3b82f6',
  '#22c55e',
  '#a855f7',
  '#ef4444',
  '#f97316',
  '#64748b',
];

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function formatDay(value: unknown) {
  const date = new Date(`${String(value)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? String(value) : dayFormat.format(date);
}

/** Credits used per day, stacked by model (recharts). */
export function UsageChart({ data }: { data: UsageChartData }) {
  if (data.rows.length === 0) {
    return (
      <EmptyState
        icon={ChartColumnBig}
        title="No credit usage yet"
        description="Credits your agents use appear here by day and model."
        className="w-full max-w-none py-10"
      />
    );
  }
  const axis = niceAxis(data.maxDayTotal);
  return (
    <figure aria-label="Credits used by day and model" className="grid gap-2">
      <div className="h-72 w-full text-xs">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="date"
              tickFormatter={formatDay}
              tickLine={false}
              axisLine={false}
              stroke="var(--muted-foreground)"
              minTickGap={16}
            />
            <YAxis
              tickLine={false}
              axisLine={false}
              stroke="var(--muted-foreground)"
              ticks={axis.ticks}
              domain={[0, axis.ticks.at(-1) ?? 1]}
              interval={0}
              tickFormatter={axis.format}
              width={56}
            />
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              labelFormatter={formatDay}
              formatter={(value) => [`${formatMeterNumber(Number(value))} credits`]}
              contentStyle={{
                background: 'var(--card)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--card-foreground)',
              }}
            />
            <Legend iconType="circle" iconSize={8} wrapperStyle={{ paddingTop: 8 }} />
            {data.models.map((model, index) => (
              <Bar
                key={model}
                dataKey={model}
                name={model}
                stackId="credits"
                fill={modelColors[index % modelColors.length]}
                maxBarSize={36}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {formatMeterNumber(data.total)} credits used over {data.rows.length} days across {data.models.length} models.
      </figcaption>
    </figure>
  );
}
