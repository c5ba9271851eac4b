import type { InventorySeriesPoint } from '@inspecta/contract';
import { AreaChart } from '@mantine/charts';
import { Box } from '@mantine/core';

const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Units received and issued per day (loaded on its own, like the home charts: recharts is large). */
function MovementChart({ series }: { series: InventorySeriesPoint[] }) {
  const data = series.map((point) => ({
    day: dayLabel.format(Date.parse(`${point.date}T00:00:00Z`)),
    Received: point.received,
    Issued: point.issued,
  }));
  return (
    <Box aria-label="Area chart of units received and issued per day over the last 90 days" role="img">
      <AreaChart
        h={260}
        data={data}
        dataKey="day"
        series={[
          { name: 'Received', color: 'teal.6' },
          { name: 'Issued', color: 'orange.6' },
        ]}
        curveType="monotone"
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        tickLine="none"
        gridAxis="y"
        withDots={false}
        fillOpacity={0.25}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        yAxisProps={{ allowDecimals: false, width: 44 }}
      />
    </Box>
  );
}

export default MovementChart;
