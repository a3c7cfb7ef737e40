import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDayKey } from "@/lib/format";
import type { ActivityPoint } from "../lib/derive";
import "../locale";

/**
 * Approvals over time: submissions, reviews and final decisions per day. Days are named in the
 * app's date style ("Nov 3"; the tooltip adds the year), and Recharts drops the ticks that would
 * collide, so the axis stays readable on a phone.
 */
export function ApprovalsChart({ data }: { data: ActivityPoint[] }) {
  const { t } = useTranslation("approvals");
  return (
    <div className="h-64 w-full" role="img" data-testid="approvals-chart" aria-label={t("chart.label")}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis
            dataKey="date"
            tick={{ fontSize: 12 }}
            stroke="currentColor"
            minTickGap={8}
            tickFormatter={(day: string) => formatDayKey(day, { year: false })}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} stroke="currentColor" />
          <Tooltip
            contentStyle={{ background: "var(--popover)", color: "var(--popover-foreground)" }}
            labelFormatter={(day) => formatDayKey(String(day))}
          />
          <Legend />
          <Bar dataKey="submitted" name={t("chart.submitted")} stackId="a" fill="#3b82f6" />
          <Bar dataKey="reviewed" name={t("chart.reviewed")} stackId="a" fill="#eab308" />
          <Bar dataKey="decided" name={t("chart.decided")} stackId="a" fill="#22c55e" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
