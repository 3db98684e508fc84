import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsRow } from './series';

export interface ChartLine {
  key: keyof AnalyticsRow;
  name: string;
  color: string;
}

/** The time-series chart (recharts), loaded lazily by AnalyticsPanel so pages without charts never fetch it. */
export default function TimeSeriesChart({ rows, lines, format }: { rows: AnalyticsRow[]; lines: ChartLine[]; format: (v: number) => string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={rows} margin={{ left: 8, right: 16, top: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" minTickGap={24} tickFormatter={(d: string) => d.slice(5)} />
        <YAxis allowDecimals={lines.some((l) => l.key === 'revenue')} width={56} tickFormatter={(v: number) => format(v)} />
        <Tooltip formatter={(v) => format(Number(v))} />
        {lines.map((l) => (
          <Area key={l.key} type="monotone" dataKey={l.key} name={l.name} stroke={l.color} fill={l.color} fillOpacity={0.15} isAnimationActive={false} />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
