import { TopologyScreen } from '../components/topology-screen';

/** PCS topology (/surveillance/pcs-topology): grid → gateway meter → transformer → bus → PCS → clusters, live. */
export function PcsTopologyPage() {
  return <TopologyScreen variant="pcs" />;
}
