import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { importRatingListFile, type ListFormat, type ListImportReport, type RatingControl } from '@ratings/core';
import type { ApiContext } from '../context';
import { PUBLICATION_TAGS } from './revalidate';

@ObjectType({ description: 'Players found among ours, by how.' })
class ListImportMatches {
  @Field(() => Int)
  byFideId!: number;

  @Field(() => Int)
  byNationalId!: number;

  @Field(() => Int)
  byNameBirth!: number;
}

@ObjectType()
class SkippedLine {
  @Field(() => Int)
  line!: number;

  @Field()
  reason!: string;
}

@ObjectType({ description: 'Found by FIDE id, but named otherwise here: rated as our player, listed for review.' })
class ConflictingLine {
  @Field(() => Int)
  line!: number;

  @Field()
  fideId!: string;

  @Field()
  nameInFile!: string;

  @Field(() => ID)
  playerId!: number;

  @Field()
  registeredName!: string;
}

@ObjectType()
class SkippedLines {
  @Field(() => Int)
  count!: number;

  @Field(() => [SkippedLine], { description: 'The first 1,000.' })
  lines!: SkippedLine[];
}

@ObjectType()
class ConflictingLines {
  @Field(() => Int)
  count!: number;

  @Field(() => [ConflictingLine], { description: 'The first 1,000.' })
  lines!: ConflictingLine[];
}

@ObjectType({ description: 'What importRatingList did with the file.' })
class ListImportReportType {
  @Field({ description: 'IMPORTED, or ALREADY_IMPORTED when the same file was imported before (nothing changed).' })
  status!: string;

  @Field(() => ID, { description: 'The published starting list.' })
  listId!: number;

  @Field()
  period!: string;

  @Field()
  effectiveDate!: string;

  @Field(() => Int, { description: 'Player lines read.' })
  rows!: number;

  @Field(() => ListImportMatches)
  matched!: ListImportMatches;

  @Field(() => Int)
  created!: number;

  @Field(() => SkippedLines)
  skipped!: SkippedLines;

  @Field(() => ConflictingLines)
  conflicting!: ConflictingLines;
}

/** A federation's existing rating list as a new pool's starting list (core's importRatingListFile). */
@Resolver()
export class ListImportResolver {
  @Mutation(() => ListImportReportType, {
    name: 'importRatingList',
    description:
      "Makes a rating-list file (format fide-txt, fide-xml or csv; control standard, rapid or blitz for FIDE's combined files) the starting list of a pool without lists: players matched by FIDE id, national id, then name + birth year, the others created. Bounded by the request body limit: larger files go to POST /imports/lists.",
  })
  async importRatingList(
    @Arg('pool') pool: string,
    @Arg('format') format: string,
    @Arg('content') content: string,
    @Arg('control', () => String, { nullable: true }) control: string | null,
    @Arg('effective', () => String, { nullable: true, description: 'YYYY-MM-01; default the month the file names.' })
    effective: string | null,
    @Ctx() ctx: ApiContext,
  ): Promise<ListImportReport> {
    const report = await importRatingListFile(
      ctx.dataSource,
      {
        poolCode: pool,
        format: format as ListFormat,
        control: (control ?? undefined) as RatingControl | undefined,
        effectiveDate: effective,
        source: [content],
      },
      ctx.staff(),
    );
    if (report.status === 'IMPORTED') ctx.siteChanged(PUBLICATION_TAGS);
    return report;
  }
}
