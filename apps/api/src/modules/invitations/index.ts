/** The invitations module's public entry: what an organisation needs to send an invitation. */
export { type InvitationSender } from './invitations.contract';
