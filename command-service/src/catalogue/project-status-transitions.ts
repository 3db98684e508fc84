/** The project status transition table is part of the wire contract (the front end reads it too). */
export * from '@modshelf/contract/project-status';
