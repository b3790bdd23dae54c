/** The users module's public entry. */
export { type UsersRepository } from './users.repository';
