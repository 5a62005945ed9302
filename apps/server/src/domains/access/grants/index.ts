/** Who may grant what: the public face of the grant rules (docs/architecture.md "Who may grant what"). */
export { GrantGuard, grantRefused, type UserGrantIds } from './grant-guard';
export { type GrantReach, grantableScopes, menusProblem, orgPlaceable, roleGrantProblem } from './grant-rules';
export { enabledRoleIds } from './grants.repository';
