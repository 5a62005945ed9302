// The catalogue lives in the contract, shared with the web; server code keeps importing it here.
export { type MessageKey, messageKeys, translate } from '@ess/contract';
