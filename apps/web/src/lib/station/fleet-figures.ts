/** The fleet's figures are the contract's: the server's dashboards sum them the same way. */
export { type CurrencyTotal, type FleetFigures, fleetFigures, sumKnown } from '@ess/contract';
