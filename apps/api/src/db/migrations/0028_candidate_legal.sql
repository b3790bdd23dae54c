-- Candidate legal texts (issue 46 item 9, ADR 0102): candidates accept their own privacy statement
-- and terms, recorded per version in legal_acceptances like the employers' documents.
ALTER TABLE "legal_acceptances" DROP CONSTRAINT "legal_acceptances_document";--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_document" CHECK ("legal_acceptances"."document" in ('PRIVACY', 'TERMS', 'CANDIDATE_PRIVACY', 'CANDIDATE_TERMS'));
