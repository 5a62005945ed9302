import type { StationSummary } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { EnergyFlow, hasFlowData } from '@/components/energy-flow';
import { BlockCard } from './block-card';

type Props = {
  /** The live summary, else the `middle` snapshot; undefined while neither arrived. */
  summary: StationSummary | null | undefined;
  ratedKw: number;
  /** What to say when the station reports nothing. */
  noDataText: string;
};

/**
 * The energy-flow diagram in its block, with a clear empty state for a station that does not
 * report. While the first summary loads the diagram is already drawn (nodes, names, legend)
 * with its values pending, instead of a skeleton: the page's largest block shows at once.
 */
export function EnergyFlowBlock({ summary, ratedKw, noDataText }: Props) {
  const { t } = useTranslation();
  return (
    <BlockCard
      title={t('siteHome.block.energyFlow')}
      empty={summary !== undefined && !hasFlowData(summary) ? noDataText : undefined}
      testId="home-energy-flow"
    >
      <EnergyFlow summary={summary ?? null} ratedKw={ratedKw} pending={summary === undefined} />
    </BlockCard>
  );
}
