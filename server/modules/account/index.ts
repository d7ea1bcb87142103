/**
 * Accounts and security: registration, login and sessions, passwords, the payment password, mobile binding, identity (KYC) and the verified person.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { approveIdentity, assertRealMember, identityState, sameName, verifiedRealName } from './services/identity';
export { checkPaymentPassword } from './services/payment-password';
export { type PersonFields, assertVerifiedPerson, capKeyOf, isVerifiedPerson, lockPerson, mobilePersonKey, personIdsSql, personOf } from './services/person';
export { openSession } from './services/sessions';
export { depthInTeam, teamDepthsSql, teamIdsSql, uplineChain, type TeamRoot } from './services/member-tree';
