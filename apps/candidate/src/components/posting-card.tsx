import { POSTING_TYPE_LABELS, type PostingType } from '@matchwerk/shared';
import type { ReactNode } from 'react';
import { distanceText, payText, startText } from '../lib/format';
import { hashOf } from '../lib/routes';

export interface CardPosting {
  id: string;
  title: string;
  type: PostingType;
  companyName: string;
  city: string;
  zipCode: string;
  start: string | null;
  imageUrl: string | null;
  distanceKm: number | null;
  salaryPerTrainingYear?: readonly number[];
}

/** A posting in a list: picture, title (the link), company, place, start and pay. */
export function PostingCard({ posting, children }: { posting: CardPosting; children?: ReactNode }) {
  const start = startText(posting.start);
  const distance = distanceText(posting.distanceKm);
  const pay = posting.salaryPerTrainingYear ? payText(posting.salaryPerTrainingYear) : null;
  return (
    <article className="card">
      {posting.imageUrl ? (
        <img className="card-image" src={posting.imageUrl} alt="" loading="lazy" width="400" height="200" />
      ) : (
        <div className="card-image card-image-empty" aria-hidden="true">
          {POSTING_TYPE_LABELS[posting.type]}
        </div>
      )}
      <div className="card-body">
        <p className="card-type">{POSTING_TYPE_LABELS[posting.type]}</p>
        <h2 className="card-title">
          <a href={hashOf({ name: 'stelle', id: posting.id })}>{posting.title}</a>
        </h2>
        <p className="card-company">{posting.companyName}</p>
        <ul className="card-facts">
          <li>
            <span className="visually-hidden">Ort: </span>
            {posting.zipCode} {posting.city}
            {distance ? ` · ${distance}` : ''}
          </li>
          {start ? (
            <li>
              <span className="visually-hidden">Beginn: </span>
              {start}
            </li>
          ) : null}
          {pay ? <li>{pay}</li> : null}
        </ul>
        {children}
      </div>
    </article>
  );
}
