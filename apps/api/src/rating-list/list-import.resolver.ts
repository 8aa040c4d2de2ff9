import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { DateScalar } from '../scalars';
import { ImportStatus, ListFormat, RatingControl } from '../common/enums';
import { importRatingListFile, type ListImportReport } from '@ratings/core';
import type { ApiContext } from '../context';
import { PUBLICATION_TAGS } from './revalidate';

@ObjectType({ description: 'Players found among ours, by how.' })
class ListImportMatches {
  @Field(() => Int, { description: 'Matched by FIDE id.' })
  byFideId!: number;

  @Field(() => Int, { description: 'Matched by national id.' })
  byNationalId!: number;

  @Field(() => Int, { description: 'Matched by name and birth year.' })
  byNameBirth!: number;
}

@ObjectType({ description: 'A line not imported.' })
class SkippedLine {
  @Field(() => Int, { description: 'Line number in the file, from 1.' })
  line!: number;

  @Field({ description: 'Why it was skipped.' })
  reason!: string;
}

@ObjectType({ description: 'Found by FIDE id, but named otherwise here: rated as our player, listed for review.' })
class ConflictingLine {
  @Field(() => Int, { description: 'Line number in the file, from 1.' })
  line!: number;

  @Field({ description: 'The FIDE id that matched.' })
  fideId!: string;

  @Field({ description: 'The name the file gives.' })
  nameInFile!: string;

  @Field(() => ID, { description: 'Our player.' })
  playerId!: number;

  @Field({ description: 'The name we have.' })
  registeredName!: string;
}

@ObjectType({ description: 'Lines of a file that were not imported.' })
class SkippedLines {
  @Field(() => Int, { description: 'How many.' })
  count!: number;

  @Field(() => [SkippedLine], { description: 'The first 1,000.' })
  lines!: SkippedLine[];
}

@ObjectType({ description: 'Lines matched by FIDE id whose name differs from ours.' })
class ConflictingLines {
  @Field(() => Int, { description: 'How many.' })
  count!: number;

  @Field(() => [ConflictingLine], { description: 'The first 1,000.' })
  lines!: ConflictingLine[];
}

@ObjectType({ description: 'What importRatingList did with the file.' })
class ListImportReportType {
  @Field(() => ImportStatus, { description: 'Whether the file was imported, or had been before.' })
  status!: ImportStatus;

  @Field(() => ID, { description: 'The published starting list.' })
  listId!: number;

  @Field({ description: "The starting list's period, 'YYYY-MM'." })
  period!: string;

  @Field(() => DateScalar, { description: 'The date it took effect.' })
  effectiveDate!: string;

  @Field(() => Int, { description: 'Player lines read.' })
  rows!: number;

  @Field(() => ListImportMatches, { description: 'Lines matched to our players, by how.' })
  matched!: ListImportMatches;

  @Field(() => Int, { description: 'Players created from lines that matched none.' })
  created!: number;

  @Field(() => SkippedLines, { description: 'Lines not imported, and why.' })
  skipped!: SkippedLines;

  @Field(() => ConflictingLines, { description: 'Lines matched by FIDE id whose name differs.' })
  conflicting!: ConflictingLines;
}

/** A federation's existing rating list as a new pool's starting list (core's importRatingListFile). */
@Resolver()
export class ListImportResolver {
  @Mutation(() => ListImportReportType, {
    name: 'importRatingList',
    description:
      "Makes a rating-list file (FIDE's TXT or XML, or the platform's CSV; for FIDE's combined files, the control whose column to read) the starting list of a pool without lists: players matched by FIDE id, national id, then name + birth year, the others created. Bounded by the request body limit: larger files go to POST /imports/lists.",
  })
  async importRatingList(
    @Arg('pool', { description: 'Pool code.' }) pool: string,
    @Arg('format', () => ListFormat.type, { description: 'The file’s layout.' }) format: string,
    @Arg('content', { description: 'The file’s text.' }) content: string,
    @Arg('control', () => RatingControl.type, {
      description: 'The column of a FIDE combined file to read.',
      nullable: true,
    })
    control: string | null,
    @Arg('effective', () => String, { nullable: true, description: 'YYYY-MM-01; default the month the file names.' })
    effective: string | null,
    @Ctx() ctx: ApiContext,
  ): Promise<ListImportReport> {
    const report = await importRatingListFile(
      ctx.dataSource,
      {
        poolCode: pool,
        format: ListFormat.valueOf(format),
        control: control == null ? undefined : RatingControl.valueOf(control),
        effectiveDate: effective,
        source: [content],
      },
      ctx.staff(),
    );
    if (report.status === 'IMPORTED') ctx.siteChanged(PUBLICATION_TAGS);
    return report;
  }
}
