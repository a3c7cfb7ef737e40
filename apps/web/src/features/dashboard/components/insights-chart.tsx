import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { abbreviateLabel } from "../lib/chart-labels";

export type ChartDatum = { name: string; count: number };

/**
 * A small bar chart; its own module so Recharts loads after the dashboard's cards. Every bar keeps
 * its label (interval 0), so labels are rotated and abbreviated to stay readable on a phone; the
 * tooltip shows the full name.
 */
export function InsightsChart({
  data,
  label,
  seriesName,
}: {
  data: ChartDatum[];
  label: string;
  /** What a bar counts, named in the tooltip. */
  seriesName: string;
}) {
  return (
    <figure aria-label={label} className="h-56 w-full" data-testid="insights-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis
            dataKey="name"
            tick={{ fontSize: 11 }}
            interval={0}
            angle={-40}
            textAnchor="end"
            height={64}
            tickFormatter={(value: string) => abbreviateLabel(value)}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="count" name={seriesName} fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
