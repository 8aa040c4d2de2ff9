import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Category } from './category.type';

@Resolver(() => Category)
export class CategoryResolver {
  @FieldResolver(() => String, {
    description: 'French name, as players read it: Grand Maître, Maître, Expert, Classe A …',
  })
  nameFr(@Root() category: Category): string {
    return category.name;
  }
}
